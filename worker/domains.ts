/** Every domain's handlers, registered once at start. A new domain adds one line here. */
import clients from './clients/handlers';
import config from './config/handlers';
import core from './core/handlers';
import type { Domain } from './registry';

export const DOMAINS: Domain[] = [core, config, clients];
