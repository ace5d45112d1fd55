// build.js is written into dist/ by build.py (write_build_id): the id of the build.
export const BUILD: string;
