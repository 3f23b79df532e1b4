import { configure } from '@testing-library/react';

// Pages are lazy chunks compiled on first use; on a busy 2-core machine the first render of a file can
// take longer than Testing Library's 1 s default. Waiting longer never slows a passing test.
configure({ asyncUtilTimeout: 5000 });
