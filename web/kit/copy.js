// The page's one way to copy to the clipboard (a link, a forum post), with the field it is shown in as
// the fallback: where the clipboard is refused (permission, an old browser) the text is selected there,
// the browser's own copy command is tried, and else the player copies it by hand.

/**
 * Shows `text` in `field` and copies it: "clipboard" when the clipboard took it, "command" when the
 * browser's copy command did (the text stays selected in the field), false when it is selected for a
 * copy by hand. Truthy means copied.
 */
export async function copyInto(field, text) {
  field.value = text;
  field.hidden = false;
  try {
    await navigator.clipboard.writeText(text);
    return "clipboard";
  } catch {
    field.focus();
    field.select();
    try {
      return document.execCommand("copy") ? "command" : false;
    } catch {
      return false;
    }
  }
}
