import { ContentPage } from './content-page';

export default function OlympiadFaqPage() {
  return <ContentPage contentKey="faq" foldQuestions />;
}
