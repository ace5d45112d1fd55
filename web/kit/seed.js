// A fresh seed for the dice: random letters and digits without look-alikes
// (no i, l, o, 0, 1), so a seed read aloud at the table or copied from a
// forum post is typed back right. The dice themselves come from pycore.

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export function newSeed(length = 10) {
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => ALPHABET[byte % ALPHABET.length]).join("");
}
