import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

// Fonts ship with the console (no CDN): control rooms are often air-gapped.
// Text colours meet WCAG 2.1 AA (4.5:1) on the page backgrounds of both themes: Chakra's light
// status texts and the white-on-orange/green solid fills fall short of it.
const config = defineConfig({
  theme: {
    tokens: {
      fonts: {
        body: { value: 'Inter, system-ui, sans-serif' },
        heading: { value: 'Inter, system-ui, sans-serif' },
      },
    },
    semanticTokens: {
      colors: {
        fg: {
          error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        },
        orange: { solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.500}' } } },
        green: { solid: { value: '{colors.green.700}' } },
      },
    },
  },
});

export const consoleSystem = createSystem(defaultConfig, config);
