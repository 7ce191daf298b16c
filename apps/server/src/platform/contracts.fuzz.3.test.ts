import { fuzzContracts } from '../test/contracts.fuzz';

fuzzContracts(2, 3);
