// Runs before the rest of the app's code (main.tsx imports it first): the requests the first screen waits for leave
// before React, antd and the shell are evaluated, which on a slow phone takes most of a second.
import { configureApi } from '../lib/api';
import { appSessionId, isAppShell } from '../lib/env';
import { warmUp } from './warmup';

// Inside the mobile app shell the session travels in a header from the first request on (providers.tsx sets the rest).
configureApi({ isAppShell, appSessionId });
warmUp(window.location.pathname, window.location.search);
