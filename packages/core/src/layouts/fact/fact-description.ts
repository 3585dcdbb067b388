import { headOfText } from "../../text/index.js";
import { MAX_DESCRIPTION_CHARS } from "../../write/proposal.js";

const READ_WHEN = " Read when this matters to the answer.";

// A fact ends in a full stop before the description's second sentence, so the index does not read
// "deploys in the ams region Read when this matters"; a fact that already ends a sentence keeps it.
function asSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…。！？]["'”’)\]]*$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * The description memfiles gives a fact file it writes for one fact: the fact as a sentence (cut
 * to fit `MAX_DESCRIPTION_CHARS`), then when to read it.
 *
 * @param fact - The fact's text.
 * @returns The description, at most `MAX_DESCRIPTION_CHARS` chars.
 * @example factDescription("rides a Brompton") // "rides a Brompton. Read when this matters to the answer."
 */
export function factDescription(fact: string): string {
  const room = MAX_DESCRIPTION_CHARS - READ_WHEN.length - 1;
  return `${asSentence(fact.length > room ? `${headOfText(fact, room).trimEnd()}…` : fact)}${READ_WHEN}`;
}

/**
 * The description a fact file gets when one of its facts is replaced (`remember` with `replaces`,
 * a write-pass update of one fact or of the whole body): the one memfiles wrote from the replaced
 * fact ({@link factDescription}) follows it to the new fact, so the index does not show the old
 * value; any other description (a person's, a model's) describes the file and is kept.
 *
 * @param description - The file's `description:` as stored.
 * @param replaced - The replaced fact's text (list marker dropped).
 * @param written - The new fact's text.
 * @returns The new description, or `undefined` to keep the stored one.
 * @example descriptionAfterUpdate(factDescription("edits in Helix"), "edits in Helix", "edits in Zed") // "edits in Zed. Read when this matters to the answer."
 */
export function descriptionAfterUpdate(
  description: string,
  replaced: string,
  written: string,
): string | undefined {
  return description === factDescription(replaced) ? factDescription(written) : undefined;
}
