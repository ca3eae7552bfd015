export * from "./legality/mod.ts";
