// Copying a link to the clipboard, with the field it is shown in as the fallback: where the clipboard
// is refused (permission, an old browser) the link is selected there for a copy by hand.

/** Shows `text` in `field` and copies it; true when the clipboard took it, false when it is selected instead. */
export async function copyInto(field, text) {
  field.value = text;
  field.hidden = false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field.focus();
    field.select();
    return false;
  }
}
