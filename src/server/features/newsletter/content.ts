import type { Db } from '#server/db/database.ts';
import type { CampaignContent } from './campaign-email.ts';

/** An article as a campaign made from it needs it; the articles feature provides it. */
export interface ArticleForCampaign {
  title: string;
  summary: string;
  bodyMarkdown: string;
  /** The article's address on the site. */
  url: string;
}

export type ArticleSource = (id: number) => Promise<ArticleForCampaign | undefined>;

/** What a campaign's email says: its subject and body, and for one made from an article, the link to it. */
export async function campaignContent(
  campaign: { subject: string; body_markdown: string; article_id: number | null },
  articleSource: ArticleSource | undefined,
): Promise<CampaignContent> {
  const article =
    campaign.article_id !== null && articleSource ? await articleSource(campaign.article_id) : undefined;
  return {
    subject: campaign.subject,
    bodyMarkdown: campaign.body_markdown,
    ...(article && { preview: article.summary, readOnSite: article.url }),
  };
}

export async function loadCampaign(db: Db, id: number) {
  return db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}
