import { fuzzContracts } from './contracts.fuzz';

fuzzContracts(0, 3);
