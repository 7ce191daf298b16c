import { fuzzContracts } from '../test/contracts.fuzz';

fuzzContracts(1, 3);
