// The V8 heap limits production runs with: `npm start` (scripts/start.mjs), the Docker image
// (NODE_OPTIONS in docker/Dockerfile, kept equal by test/deployment-files.e2e-spec.ts) and, by
// default, the benchmark's service. Without them V8 sizes its heap from the machine's memory and
// the service's RSS passes 256 MB under large answers; bench/README.md ("Memory") has the measurement.
export const HEAP_FLAGS = ['--max-semi-space-size=16', '--max-old-space-size=224'];
