import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first render of an antd page can take over a second on a busy 2-core machine (CI runs two test files per
// core): findBy/waitFor wait up to 10 s instead of 1 s. A passing test is no slower; only a failing one waits longer.
configure({ asyncUtilTimeout: 10_000 });

// Files share one DOM within a worker (isolate: false), so a file that forgot its cleanup left its tree for the next
// file to find: every test unmounts what it rendered.
afterEach(() => cleanup());
