// The part of blake2b-wasm (CommonJS, untyped) that blake2b-wasm.ts uses. Written here rather than
// taken from @types/blake2b-wasm, which pulls the DOM library into every Node compile.
declare module 'blake2b-wasm' {
  interface Blake2bHash {
    update(input: Uint8Array): Blake2bHash;
    digest(out?: Uint8Array): Uint8Array;
  }
  interface Blake2bModule {
    (
      digestLength?: number,
      key?: Uint8Array | null,
      salt?: Uint8Array | null,
      personal?: Uint8Array | null,
      noAssert?: boolean,
    ): Blake2bHash;
    readonly SUPPORTED: boolean;
    ready(callback: (error?: Error) => void): void;
  }
  const blake2b: Blake2bModule;
  export default blake2b;
}
