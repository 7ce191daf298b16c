// The tags' contract and which reads its writes make stale.
import { tagsContract } from '@sk/shared/tags/tags.contract';
import { staleAfter } from '../../lib/query';

export { tagsContract };

// A tag created, edited or deleted: the tag lists, every tag picker and the header's work-state tags.
staleAfter([tagsContract.create, tagsContract.update, tagsContract.remove], [tagsContract.list, tagsContract.getUserStateLabel]);
