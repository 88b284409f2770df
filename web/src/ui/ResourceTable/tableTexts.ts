import { msg } from '../../i18n/msg';

/** Texts every table shows (spec 1 §2): shared by ResourceTable and ItemTable. */
export const EMPTY_TEXT = msg('No items to display.');
/** Plural-aware (count): "Displaying 1 item" / "Displaying 5 items". */
export const FOOTER_TEXT = msg('Displaying {{count}} item');
