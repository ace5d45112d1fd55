// dist/pyodide/pyodide.mjs is node_modules/pyodide copied by build.py: its own declarations.
export * from "pyodide";
