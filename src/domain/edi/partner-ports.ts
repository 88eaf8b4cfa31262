import type { EdiAutoSendDocument, EdiPartner, EdiStandard, InterchangeAddress } from './partner';
import type { Page } from '../shared';

export interface EdiPartnerStore {
  find(accountId: string, livemode: boolean, id: string): Promise<EdiPartner | null>;
  page(accountId: string, livemode: boolean, limit: number, cursor: string | null): Promise<Page<EdiPartner>>;
  /** False when another partner of the account, mode and standard has the same interchange id. */
  insert(partner: EdiPartner): Promise<boolean>;
  /** 'stale' when the partner changed meanwhile, 'taken' when its interchange id is another's. */
  update(partner: EdiPartner, expectedUpdatedAt: number): Promise<'updated' | 'stale' | 'taken'>;
  remove(accountId: string, livemode: boolean, id: string): Promise<boolean>;
  /** The account's partners in this mode whose `auto_send` lists the document. */
  autoSending(accountId: string, livemode: boolean, document: EdiAutoSendDocument): Promise<EdiPartner[]>;
  /** The account's partner of this standard, in this mode, that sends as `theirs`. */
  findByAddress(
    accountId: string,
    livemode: boolean,
    standard: EdiStandard,
    theirs: InterchangeAddress,
  ): Promise<EdiPartner | null>;
}
