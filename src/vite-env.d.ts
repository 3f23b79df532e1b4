/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API server, e.g. `http://127.0.0.1:8000`. Unset: same origin as the web app. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
