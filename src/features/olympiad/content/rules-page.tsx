import { ContentPage } from './content-page';

export default function OlympiadRulesPage() {
  return <ContentPage contentKey="rules" />;
}
