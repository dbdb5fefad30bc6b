import { createTheme } from '@mantine/core';
import { ja } from '../messages/ja';

// Devices inside LINE: iOS (Hiragino), Android (Noto Sans CJK), a few Windows desktops (Meiryo).
// Listing the Japanese faces first keeps kanji from falling back to a Chinese glyph variant.
export const FONT_STACK =
  '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans CJK JP", "BIZ UDPGothic", Meiryo, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const theme = createTheme({
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK },
  // Contrast (app.css declares the matching CSS variables).
  primaryShade: 8,
  components: {
    // Every dialog's × says what it does to a screen reader. A plain object, not Modal.extend():
    // importing Modal here would pull the dialog's code into the first screen's bundle.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': ja.common.closeDialog } } },
  },
});
