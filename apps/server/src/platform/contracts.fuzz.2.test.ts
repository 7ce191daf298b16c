import { fuzzContracts } from './contracts.fuzz';

fuzzContracts(1, 3);
