import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

// Fonts ship with the console (no CDN): control rooms are often air-gapped.
const config = defineConfig({
  theme: {
    tokens: {
      fonts: {
        body: { value: "Inter, system-ui, sans-serif" },
        heading: { value: "Inter, system-ui, sans-serif" },
      },
    },
  },
});

export const consoleSystem = createSystem(defaultConfig, config);
