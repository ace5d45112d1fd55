// The drand "quicknet" beacon on the page: which round to declare, when it is drawn,
// and fetching + verifying a round with the drand project's own client
// (npm drand-client, self-hosted in dist/vendor/ by build.py; it verifies the
// BLS signature with @noble/curves). pycore never verifies (standard library
// only): it rolls the dice from a round this module has verified
// (pycore/fair/beacon.py). docs/links.md "Beacon-declared rolls".
//
// The client (340 KB) is imported only when a beacon round is checked, so the
// page's start does not pay for it.

// The chain's published constants (drand's chain info for quicknet; pinned, never fetched).
export const QUICKNET = Object.freeze({
  public_key: "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
  period: 3,
  genesis_time: 1692803367,
  hash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  groupHash: "f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e",
  schemeID: "bls-unchained-g1-rfc9380",
  metadata: {beaconID: "quicknet"},
});

// The beacon's official HTTP mirrors, tried in turn (also allowed by index.html's connect-src).
export const MIRRORS = ["https://api.drand.sh", "https://api2.drand.sh", "https://api3.drand.sh", "https://drand.cloudflare.com"];

// How far ahead a declaration points: time enough to post it, short enough to wait for.
export const DECLARE_AHEAD_SECONDS = 300;
const FETCH_TIMEOUT_MS = 6000;

/** Unix milliseconds at which round n is drawn. */
export function roundTime(n) {
  return (QUICKNET.genesis_time + (n - 1) * QUICKNET.period) * 1000;
}

/** The round drawn at `ms` (the last whose time has come). */
export function roundAt(ms) {
  return Math.floor((ms / 1000 - QUICKNET.genesis_time) / QUICKNET.period) + 1;
}

/** The round to declare now: drawn DECLARE_AHEAD_SECONDS from now. */
export function roundToDeclare(now = Date.now()) {
  return roundAt(now) + Math.ceil(DECLARE_AHEAD_SECONDS / QUICKNET.period);
}

let clientModule = null;
function drandClient() {
  clientModule ??= import("../vendor/drand-client.mjs");
  return clientModule;
}

/** A ChainClient for drand-client's own fetchBeacon: the pinned chain info, the round from `get`. */
function chainClient(get) {
  return {
    options: {disableBeaconVerification: false, noCache: false},
    chain: () => ({baseUrl: MIRRORS[0] + "/" + QUICKNET.hash, info: async () => QUICKNET}),
    get,
    latest: () => Promise.reject(new Error("only declared rounds are asked for")),
  };
}

async function fetchFromMirrors(round) {
  const reasons = [];
  for (const mirror of MIRRORS) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), FETCH_TIMEOUT_MS);
    try {
      const response = await fetch(`${mirror}/${QUICKNET.hash}/public/${round}`, {signal: controller.signal, cache: "no-store"});
      if (response.ok) {
        const body = await response.json();
        return {round: body.round, randomness: body.randomness, signature: body.signature};
      }
      reasons.push(`${new URL(mirror).host}: HTTP ${response.status}`);
    } catch (error) {
      reasons.push(`${new URL(mirror).host}: ${error.name === "AbortError" ? "no answer" : "unreachable"}`);
    } finally {
      clearTimeout(timer);
    }
  }
  const error = /** @type {Error & {unreachable?: boolean}} */ (new Error(reasons.join("; ")));
  error.unreachable = true;
  throw error;
}

/**
 * The state of a declared round: {state: "pending", round, at} before its time;
 * {state: "verified", round, signature} once fetched (or taken from the link) and
 * verified; {state: "unreachable" | "invalid", round, reason} otherwise.
 * `known` is the round's {signature} a link already holds (verified again, offline).
 */
export async function checkRound(round, known = null, now = Date.now()) {
  const at = roundTime(round);
  if (!known && now < at) return {state: "pending", round, at};
  let beacon;
  try {
    beacon = known ? {round, signature: known.signature, randomness: await sha256Hex(known.signature)} : await fetchFromMirrors(round);
  } catch (error) {
    return {state: "unreachable", round, at, reason: error.message};
  }
  try {
    const {fetchBeacon} = await drandClient();
    await fetchBeacon(chainClient(async () => beacon), round);
  } catch (error) {
    if (/not valid/i.test(error.message) || /invalid|point|hex/i.test(error.message)) {
      return {state: "invalid", round, at, reason: "its BLS signature does not verify against the League of Entropy's quicknet public key"};
    }
    return {state: "unreachable", round, at, reason: `the beacon's verifier could not load (${error.message})`};
  }
  return {state: "verified", round, at, signature: beacon.signature};
}

async function sha256Hex(hex) {
  if (!/^[0-9a-f]{96}$/.test(hex)) return "";
  const bytes = new Uint8Array(hex.match(/../g).map((pair) => parseInt(pair, 16)));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** "14:05:09" in the reader's own clock, and the date when it is not today. */
export function clockTime(ms) {
  const date = new Date(ms);
  const time = date.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit", second: "2-digit"});
  return date.toDateString() === new Date().toDateString() ? time : `${date.toLocaleDateString()} ${time}`;
}
