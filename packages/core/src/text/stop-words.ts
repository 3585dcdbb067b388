const words = (list: string): ReadonlySet<string> => new Set(list.split(" "));

/**
 * Words that say nothing about what a fact is about, left out of {@link contentWords} by default:
 * function words, and the words people use to ask for a memory change ("please forget about my
 * ..."). Negations are here too: "doesn't eat pork" and "does not eat pork" must match the same
 * forget request.
 */
export const STOP_WORDS = words(
  "a an the this that these those it its i me my mine myself we us our ours you your yours he him " +
    "his she her hers they them their theirs user users is am are was were be been being do does " +
    "did doing have has had having will would shall should can could may might must of to in on at " +
    "by for with from into onto about as than then so and or but if because while also too very " +
    "just now anymore still again not no never dont doesnt didnt isnt arent wasnt werent cant wont " +
    "havent hasnt hadnt couldnt wouldnt shouldnt mustnt neednt aint " +
    "what where when who whom whose which why how there here all any anything everything something " +
    "some stuff thing things info information fact facts detail details line lines memory memories " +
    "please forget remember delete remove erase drop note said say told tell mention mentioned know " +
    "regarding re",
);

/**
 * Words a consolidation may write without their being in its input: function words and the few
 * connectives a merge needs ("deploys on Fly.io (previously Heroku)"). They carry no fact alone.
 */
export const MERGE_WORDS = words(
  "a an the and or but nor so yet of in on at to for from by with without into onto about as than then " +
    "is are was were be been being am has have had do does did not no yes it its this that these those " +
    "there here which who whom whose what when where while also both either neither each all any some " +
    "still now currently previously formerly earlier before after since until instead longer anymore " +
    "moved switched changed replaced later prior via per i me my we our they them their he him his she her you your",
);

/** Words a search query carries that match nothing useful in a memory index (recall's pre-filter). */
export const QUERY_STOP_WORDS = words(
  "a an and are as at be but by can do does for from how i in is it me my of on or our so that the this to was we what when where which who why will with you your md",
);

/**
 * The negations among {@link STOP_WORDS} (apostrophes dropped, as `splitWords` does): a fact and
 * its negation share every other word, so `restatesFact` tells them apart by these.
 */
export const NEGATION_WORDS = words(
  "not no never dont doesnt didnt isnt arent wasnt werent cant wont havent hasnt hadnt couldnt " +
    "wouldnt shouldnt mustnt neednt aint anymore longer",
);
