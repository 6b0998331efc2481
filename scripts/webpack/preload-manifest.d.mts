import type { Compiler } from 'webpack';

export declare class PreloadManifestPlugin {
  apply(compiler: Compiler): void;
}
