// dist/vendor/drand-client.mjs is npm drand-client's ES module, copied by build.py: its own declarations.
export * from "drand-client";
