import { apiClient } from '../../../src/api/client';

/**
 * jsdom's XMLHttpRequest reports no upload progress: every request sent while this holds tells its
 * onUploadProgress that `fraction` of the body has gone. The test's handler awaits `answered`, so the
 * progress can be looked at before the answer comes; `answer()` lets it go.
 */
export function holdUploadAt(fraction: number) {
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const id = apiClient.interceptors.request.use((config) => {
    config.onUploadProgress?.({ loaded: fraction * 1000, total: 1000, bytes: fraction * 1000, lengthComputable: true });
    return config;
  });
  onTestFinished(() => apiClient.interceptors.request.eject(id));
  return { answered, answer };
}
