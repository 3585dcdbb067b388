/** Debian's `chromium` package installs its launcher here. */
export declare const DEBIAN_CHROMIUM: string;
/** The Chromium binary the browser tests launch: `$MEMFILES_CHROMIUM` when set, else {@link DEBIAN_CHROMIUM}. */
export declare function chromiumPath(env?: NodeJS.ProcessEnv): string;
/** The executable path; throws an Error naming the fix when it is missing or not executable. */
export declare function requireChromium(env?: NodeJS.ProcessEnv): string;
