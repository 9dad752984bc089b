// Types of what the tests use of @foundryvtt/foundryvtt-cli (it ships JavaScript only): compile and extract a pack
declare module "@foundryvtt/foundryvtt-cli" {
  export function compilePack(source: string, pack: string, options?: Record<string, unknown>): Promise<void>;
  export function extractPack(
    pack: string,
    destination: string,
    options?: Record<string, unknown>,
  ): Promise<void>;
}
