/**
 * Wires triggers only. Handlers are plain exported functions in src/handlers, tested directly
 * against the local stack. Each issue adds its exports here.
 */
export {};
