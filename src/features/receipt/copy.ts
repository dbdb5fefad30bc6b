/**
 * Copying the reception number (spec 02 §2): the Clipboard API where the page may use it, else the
 * legacy way (a selected off-screen textarea and execCommand('copy')), which LINE's older in-app
 * browsers still need.
 */
export const copyText = async (text: string, doc: Document = document, nav: Navigator | undefined = globalThis.navigator): Promise<boolean> => {
  try {
    if (nav?.clipboard && typeof nav.clipboard.writeText === 'function') {
      await nav.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not a secure context): the legacy way below.
  }
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  doc.body.appendChild(area);
  area.select();
  try {
    return typeof doc.execCommand === 'function' && doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
};
