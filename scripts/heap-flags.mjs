// The V8 heap limits production runs with: `npm start` (on its command line in package.json), the Docker image
// (NODE_OPTIONS in docker/Dockerfile; test/deployment-files.e2e-spec.ts keeps the three equal) and, by
// default, the benchmark's service. Without them V8 sizes its heap from the machine's memory and
// the service's RSS passes 256 MB under large answers; bench/README.md ("Memory") has the measurement.
export const HEAP_FLAGS = ['--max-semi-space-size=16', '--max-old-space-size=224'];
