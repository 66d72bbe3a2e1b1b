// @nestjs/throttler is CommonJS and require()s the ES-module-only @nestjs/common. Jest refuses
// that require while the ES module graph that needs both is still loading, so evaluate the Nest
// packages first.
import '@nestjs/common';
import '@nestjs/core';
