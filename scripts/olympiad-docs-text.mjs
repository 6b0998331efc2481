// The words of the olympiad's legal documents (Russian, then English on pages of their own).
// Edit here and run `node scripts/olympiad-docs.mjs` to rewrite public/docs/*.pdf.
export const EDITION = '2026-11-20';

const OPERATOR_RU = 'ООО «Базар», ИНН 7700000000, ОГРН 1000000000000, 101000, г. Москва, ул. Примерная, д. 1, офис 1';
const OPERATOR_EN = 'Bazaar LLC, INN 7700000000, OGRN 1000000000000, office 1, 1 Primernaya St., Moscow, 101000, Russia';

const t = (text) => ({ style: 'text', text });
const h = (text) => ({ style: 'heading', text });

export const DOCUMENTS = {
  'user-agreement': {
    title: 'Пользовательское соглашение участника олимпиады «Базар» / User agreement',
    parts: [
      [
        { style: 'title', text: 'Пользовательское соглашение участника олимпиады «Базар»' },
        { style: 'subtitle', text: `Редакция от 20 ноября 2026 г. Организатор: ${OPERATOR_RU}. English version on the next page.` },
        h('1. Общие положения'),
        t('Настоящее соглашение регулирует отношения между ООО «Базар» (организатор) и пользователем, зарегистрировавшимся на сайте как участник олимпиады «Базар» (участник). Регистрируясь, участник подтверждает, что прочитал соглашение и принимает его условия полностью. Если участнику меньше 18 лет, условия принимает его родитель или законный представитель.'),
        h('2. Участники'),
        t('Участвовать могут лица, которым на дату регистрации исполнилось 10 лет и ещё не исполнилось 19. Один человек может иметь только один аккаунт участника. Участник указывает при регистрации достоверные данные и поддерживает их в актуальном состоянии в личном кабинете.'),
        h('3. Аккаунт'),
        t('Вход выполняется по логину или адресу электронной почты и паролю. Участник хранит пароль в тайне и отвечает за действия, совершённые под его аккаунтом. Пройти тест можно только после подтверждения адреса электронной почты. Участник может в любой момент удалить аккаунт в личном кабинете.'),
        h('4. Проведение олимпиады'),
        t('Олимпиада проходит в четыре этапа: тренировочный, первый, второй и финал. Сроки и правила каждого этапа публикуются на сайте в разделах «Этапы» и «Правила». Задания выполняются самостоятельно; время тестов отсчитывает сервер организатора, ответы после окончания времени не принимаются. Финал проводится очно в Москве.'),
        h('5. Творческие работы'),
        t('Отправляя работу на творческий конкурс, участник подтверждает, что является её автором, и безвозмездно разрешает организатору публиковать работу в галерее олимпиады с указанием автора. Работы проходят модерацию в течение 24 часов; организатор вправе отклонить работу, нарушающую правила олимпиады или закон.'),
        h('6. Запреты'),
        t('Запрещено использовать нецензурную лексику, выдавать чужие работы за свои, пользоваться посторонней помощью во время тестов, регистрировать несколько аккаунтов и вмешиваться в работу сайта. За нарушения организатор аннулирует результаты и может заблокировать аккаунт.'),
        h('7. Ответственность и изменения'),
        t('Организатор поддерживает работу сайта, но не гарантирует, что она будет непрерывной и безошибочной. Организатор может изменять соглашение, публикуя новую редакцию на сайте; продолжение участия означает согласие с изменениями. Вопросы по соглашению направляйте на support@example.com.'),
      ],
      [
        { style: 'title', text: 'Bazaar Olympiad participant user agreement' },
        { style: 'subtitle', text: `Edition of 20 November 2026. Organiser: ${OPERATOR_EN}. In case of discrepancy the Russian version prevails.` },
        h('1. General provisions'),
        t('This agreement governs the relations between Bazaar LLC (the organiser) and a user who has registered on the site as a participant of the Bazaar Olympiad (the participant). By registering, the participant confirms having read the agreement and accepts its terms in full. If the participant is under 18, a parent or legal guardian accepts the terms.'),
        h('2. Participants'),
        t('People who are at least 10 and not yet 19 years old on the day of registration may take part. One person may have only one participant account. The participant gives true data when registering and keeps it up to date in the personal account.'),
        h('3. Account'),
        t('Participants sign in with their login or e-mail address and a password. The participant keeps the password secret and is responsible for everything done under the account. A test can only be taken once the e-mail address is confirmed. The participant may delete the account at any time in the personal account.'),
        h('4. Running the olympiad'),
        t('The olympiad has four stages: training, first, second and the final. The dates and rules of every stage are published on the Stages and Rules pages. Tasks are done independently; the time of a test is kept by the organiser’s server, and answers after the time is up are not accepted. The final takes place in person in Moscow.'),
        h('5. Creative works'),
        t('By submitting a work to a creative contest, the participant confirms being its author and allows the organiser, free of charge, to publish the work in the olympiad gallery with the author’s name. Works are moderated within 24 hours; the organiser may reject a work that breaks the olympiad rules or the law.'),
        h('6. Prohibited'),
        t('It is prohibited to use swear words, to pass off other people’s work as one’s own, to get help from others during tests, to register several accounts and to interfere with the site. For a breach the organiser cancels the results and may block the account.'),
        h('7. Liability and changes'),
        t('The organiser keeps the site running but does not guarantee that it works without interruptions or errors. The organiser may change this agreement by publishing a new edition on the site; taking part further means accepting the changes. Send questions about this agreement to support@example.com.'),
      ],
    ],
  },
  'privacy-policy': {
    title: 'Политика конфиденциальности олимпиады «Базар» / Privacy policy',
    parts: [
      [
        { style: 'title', text: 'Политика конфиденциальности олимпиады «Базар»' },
        { style: 'subtitle', text: `Редакция от 20 ноября 2026 г. Оператор персональных данных: ${OPERATOR_RU}. English version on the next page.` },
        h('1. Какие данные мы обрабатываем'),
        t('Данные, которые участник указывает сам: логин, адрес электронной почты, ФИО, дату рождения, пол, страну, город, место учёбы, ссылку на страницу в социальной сети, источник, из которого он узнал об олимпиаде, и категорию участия. Данные, которые появляются при участии: ответы на задания, эссе, результаты этапов, место в рейтинге и творческие работы. Технические данные: IP-адрес, сведения о браузере и устройстве, файлы cookie auth_token, userId и lang.'),
        h('2. Зачем'),
        t('Чтобы зарегистрировать участника и впустить его в личный кабинет, проверить соответствие возрастным условиям, провести этапы олимпиады, подсчитать результаты и составить рейтинг, отправить письма для подтверждения адреса и восстановления пароля, опубликовать одобренные творческие работы.'),
        h('3. Как мы защищаем данные'),
        t('Пароли хранятся только в виде необратимого хеша (scrypt со случайной солью). Ссылки из писем хранятся в виде хешей и действуют ограниченное время: подтверждение адреса — 48 часов, восстановление пароля — 60 минут и один раз. Данные передаются по защищённому протоколу HTTPS, доступ к ним есть только у сотрудников, которым он нужен для работы.'),
        h('4. Кому данные видны'),
        t('Мы не продаём персональные данные и не передаём их рекламным сетям. В публичном рейтинге и галерее показываются логин или имя участника, город и его результаты или опубликованные работы. Остальные данные видны только самому участнику и сотрудникам организатора, а также государственным органам в случаях, предусмотренных законом.'),
        h('5. Сроки хранения'),
        t('Данные хранятся, пока существует аккаунт. При удалении аккаунта в личном кабинете личные данные участника удаляются, а все его сеансы завершаются.'),
        h('6. Права участника'),
        t('Участник может узнать, какие его данные мы обрабатываем, исправить их в личном кабинете, удалить аккаунт и отозвать согласие на обработку. Запросы принимаются по адресу support@example.com, ответ — в течение 10 рабочих дней. Участник вправе обратиться в Роскомнадзор или в суд.'),
      ],
      [
        { style: 'title', text: 'Bazaar Olympiad privacy policy' },
        { style: 'subtitle', text: `Edition of 20 November 2026. Personal data operator: ${OPERATOR_EN}. In case of discrepancy the Russian version prevails.` },
        h('1. What data we process'),
        t('Data the participant gives: login, e-mail address, full name, date of birth, sex, country, city, place of study, a social network link, how they heard about the olympiad, and the category. Data that arises from taking part: answers to tasks, essays, stage results, the place in the ranking and creative works. Technical data: IP address, browser and device information, and the auth_token, userId and lang cookies.'),
        h('2. Why'),
        t('To register the participant and let them into the personal account, to check the age conditions, to run the stages of the olympiad, to count results and build the ranking, to send letters that confirm the address or recover the password, and to publish approved creative works.'),
        h('3. How we protect the data'),
        t('Passwords are kept only as an irreversible hash (scrypt with a random salt). Links in letters are kept as hashes and work for a limited time: 48 hours to confirm an address, 60 minutes and once only to recover a password. Data travels over HTTPS, and only staff who need it for their work can access it.'),
        h('4. Who sees the data'),
        t('We do not sell personal data or pass it to advertising networks. The public ranking and gallery show the participant’s login or name, city and results or published works. All other data is seen only by the participant, the organiser’s staff, and public authorities where the law requires it.'),
        h('5. How long we keep it'),
        t('Data is kept while the account exists. When the account is deleted in the personal account, the participant’s personal data is removed and all their sessions end.'),
        h('6. The participant’s rights'),
        t('The participant may ask which of their data we process, correct it in the personal account, delete the account and withdraw consent to processing. Write to support@example.com; we answer within 10 working days. The participant may also turn to Roskomnadzor (the Russian data protection authority) or a court.'),
      ],
    ],
  },
  'personal-data-consent': {
    title: 'Согласие на обработку персональных данных / Personal data consent',
    parts: [
      [
        { style: 'title', text: 'Согласие на обработку персональных данных' },
        { style: 'subtitle', text: `Редакция от 20 ноября 2026 г. Оператор: ${OPERATOR_RU}. English version on the next page.` },
        t('Регистрируясь как участник олимпиады «Базар», я в соответствии с Федеральным законом от 27.07.2006 № 152-ФЗ «О персональных данных» свободно, своей волей и в своём интересе даю ООО «Базар» согласие на обработку моих персональных данных, а если участнику меньше 18 лет — данных ребёнка, законным представителем которого я являюсь.'),
        h('Какие данные'),
        t('Логин, адрес электронной почты, ФИО, дата рождения, пол, страна, город, место учёбы, ссылка на страницу в социальной сети, источник, из которого я узнал(а) об олимпиаде, категория участия, ответы на задания, эссе, результаты, творческие работы, а также IP-адрес и сведения о браузере.'),
        h('Для каких целей'),
        t('Регистрация и вход в личный кабинет, проверка возрастных условий участия, проведение этапов олимпиады и творческих конкурсов, подсчёт результатов и составление рейтинга, направление писем о подтверждении адреса и восстановлении пароля, публикация логина или имени, города, результатов и одобренных работ в рейтинге и галерее олимпиады.'),
        h('Какие действия'),
        t('Сбор, запись, систематизация, накопление, хранение, уточнение, извлечение, использование, обезличивание, блокирование, удаление и уничтожение, с использованием средств автоматизации и без них.'),
        h('Срок и отзыв'),
        t('Согласие действует до удаления аккаунта или до его отзыва. Отозвать согласие можно, удалив аккаунт в личном кабинете или написав на support@example.com. После отзыва данные удаляются в течение 30 дней, кроме сведений, которые организатор обязан хранить по закону.'),
      ],
      [
        { style: 'title', text: 'Consent to personal data processing' },
        { style: 'subtitle', text: `Edition of 20 November 2026. Operator: ${OPERATOR_EN}. In case of discrepancy the Russian version prevails.` },
        t('By registering as a participant of the Bazaar Olympiad, I, in accordance with Russian Federal Law No. 152-FZ of 27 July 2006 “On Personal Data”, freely, of my own will and in my own interest, give Bazaar LLC consent to process my personal data, or, if the participant is under 18, the data of the child whose legal representative I am.'),
        h('Which data'),
        t('Login, e-mail address, full name, date of birth, sex, country, city, place of study, a social network link, how I heard about the olympiad, the category, answers to tasks, essays, results, creative works, and the IP address and browser information.'),
        h('For what purposes'),
        t('Registration and signing in to the personal account, checking the age conditions, running the stages of the olympiad and the creative contests, counting results and building the ranking, sending letters to confirm the address and recover the password, and publishing the login or name, city, results and approved works in the olympiad ranking and gallery.'),
        h('Which actions'),
        t('Collection, recording, organisation, accumulation, storage, correction, retrieval, use, anonymisation, blocking, deletion and destruction, with and without automated means.'),
        h('Term and withdrawal'),
        t('The consent is valid until the account is deleted or the consent is withdrawn. It can be withdrawn by deleting the account in the personal account or by writing to support@example.com. After withdrawal the data is deleted within 30 days, except for information the organiser must keep by law.'),
      ],
    ],
  },
};
