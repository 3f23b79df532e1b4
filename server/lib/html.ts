/** Text made safe for HTML element content and quoted attribute values. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * JSON for a `<script type="application/json">` block: `<`, `>` and `&` (a `</script>` in a product title) and the
 * two line separators JavaScript once refused are written as escapes, so the text never ends the element early.
 */
export const jsonForHtml = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
