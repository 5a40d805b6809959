import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'functions',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
