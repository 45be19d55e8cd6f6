/** Messages fetched when a conversation opens (its newest), and per step when the person scrolls up. */
export const OPEN_PAGE = 60;
export const OLDER_PAGE = 100;
/** Screens from the top of the loaded messages at which the next older page is asked for. */
export const LOAD_OLDER_WITHIN_SCREENS = 1;
