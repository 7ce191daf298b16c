import { fuzzContracts } from '../test/contracts.fuzz';

fuzzContracts(0, 3);
