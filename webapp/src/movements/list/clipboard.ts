/**
 * Copies text to the clipboard. The Clipboard API needs a secure context (HTTPS or localhost); a
 * shop reaching the server by its LAN address over HTTP falls back to a hidden text area. Rejects
 * when neither works.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // Deprecated, but the only way without the Clipboard API.
    if (typeof document.execCommand !== 'function' || !document.execCommand('copy')) {
      throw new Error('copy refused');
    }
  } finally {
    area.remove();
  }
}
