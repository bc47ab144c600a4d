// The ES-module face of net.cjs (one copy of each helper, shared with the tests).
export { freePort, portOpen, redisAnswers, waitFor } from './net.cjs';
