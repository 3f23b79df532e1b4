/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API server, e.g. `http://127.0.0.1:8000`. Unset: same origin as the web app. */
  readonly VITE_API_URL?: string;
  /**
   * `original`: talk to the original backend (API.md §8), e.g. card checkout by GET with the address in the query
   * string. Unset: our server.
   */
  readonly VITE_API_FLAVOR?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
