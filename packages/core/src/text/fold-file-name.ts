/**
 * Folds a file or folder name the way the most lenient supported file system compares names:
 * Unicode NFC (APFS and HFS+ ignore normalization: `é` as one code point or as `e` plus an accent
 * are one name) and case (NTFS, APFS and HFS+ by default ignore it: `DGIA.md` and `dgia.md` are
 * one file). Lower case after NFC, and Greek final sigma as sigma, so every case form folds alike.
 *
 * @param name - One path segment.
 * @returns The folded name; two names that fold alike address one file somewhere.
 * @example foldFileName("DGIA.md") === foldFileName("dgia.md") // true
 */
export function foldFileName(name: string): string {
  return name.normalize("NFC").toLowerCase().replace(/ς/g, "σ").normalize("NFC");
}
