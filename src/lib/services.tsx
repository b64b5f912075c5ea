import { createContext, useContext, type ReactNode } from 'react';
import type { FleetConsole } from '../../streams/types';
import type { RuntimeConfig } from './runtime-config';

export interface AppServices {
  console: FleetConsole;
  config: RuntimeConfig;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesProvider>');
  return services;
}

export const useFleetConsole = (): FleetConsole => useServices().console;
