import type { RouteName } from '@tracker/contract';
import type { SampleBuilder } from './index.js';

export const DEVICE_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {};
