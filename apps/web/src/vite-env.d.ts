/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Commit and time of the production build (vite.config.ts); undefined when run from source. */
  readonly VITE_BUILD_ID?: string;
}
