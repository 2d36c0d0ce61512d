export {
  type Applied,
  createProposalsService,
  type ProposalApplier,
  type ProposalsService,
} from './service.ts';
export { boundByTwoPersonRules, createProposalStore, type ProposalStore } from './store.ts';
