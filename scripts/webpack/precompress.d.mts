import type { Compiler } from 'webpack';

export declare class PrecompressPlugin {
  apply(compiler: Compiler): void;
}
