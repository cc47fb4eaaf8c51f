// Where the Insights screens sit under the back office: the article list links to the editor, and the
// editor back to the list, so the paths live apart from both.

export const insightsSection = 'insights';
export const newArticleId = 'new';
