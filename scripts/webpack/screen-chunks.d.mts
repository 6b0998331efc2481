export declare const SCREENS_FILE: URL;
/** Route name → the chunk its screen loads and, when its words are an area of their own, that area. */
export declare function screenChunks(source?: string): Record<string, { chunk: string; area?: string }>;
