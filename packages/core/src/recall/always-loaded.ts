/** Files always loaded in full into the memory block (seed design, recall layer one). */
export const ALWAYS_LOADED = ["profile.md", "preferences.md"] as const;
