import type { ContentKey } from '../../../shared/validation/olympiad-content';

/**
 * The olympiad's pages as first published; staff edit them afterwards
 * (PUT /v1/olympiad/content/{key}). Format: `##`/`###` headings, `- ` lists,
 * `**bold**`, `[text](/path)` links, blank lines between paragraphs; in the
 * FAQ every `###` question folds open.
 */
export const INITIAL_PAGES: Record<ContentKey, { ru: { title: string; body: string }; en: { title: string; body: string } }> = {
  home: {
    ru: {
      title: 'Олимпиада «Базар» для школьников',
      body: `Олимпиада «Базар» — бесплатное интеллектуальное состязание для школьников от 10 до 18 лет из любого города и любой страны. Участники проходят онлайн-тесты на логику, эрудицию и умение применять знания в жизни, пишут эссе и присылают творческие работы на конкурсы, а лучшие встречаются в очном финале в Москве.

## Как устроена олимпиада

- **Тренировочный этап** — без ограничения времени и с неограниченным числом попыток: можно спокойно освоиться с форматом заданий.
- **Первый этап** — онлайн-тест на 25 минут, одна попытка.
- **Второй этап** — тест на 30 минут и эссе на 45 минут объёмом до 5000 знаков, одна попытка.
- **Финал** — очно в Москве, с творческим заданием.

Даты каждого этапа и обратный отсчёт до ближайшего события — на странице [«Этапы»](/olympiad/stages).

## Кто может участвовать

Школьники и студенты колледжей, которым на дату регистрации уже исполнилось 10 лет и ещё не исполнилось 19. Участие бесплатное. Для регистрации нужна действующая электронная почта: на неё придёт письмо для подтверждения адреса, без которого нельзя начать тест.

## Что получают участники

Каждый участник видит свои результаты по этапам и место в общем рейтинге. Победители и призёры финала получают дипломы, а творческие работы после модерации публикуются в галерее олимпиады.

[Зарегистрироваться](/olympiad/register) · [Правила](/olympiad/rules) · [Вопросы и ответы](/olympiad/faq)`,
    },
    en: {
      title: 'The Bazaar Olympiad for school students',
      body: `The Bazaar Olympiad is a free academic competition for school students aged 10 to 18 from any town and any country. Participants take online tests on logic, general knowledge and applying what they know to real life, write essays and enter creative contests; the best of them meet at the final in Moscow.

## How the olympiad works

- **Training stage** — no time limit and unlimited attempts: get used to the format of the tasks at your own pace.
- **First stage** — a 25-minute online test, one attempt.
- **Second stage** — a 30-minute test and a 45-minute essay of up to 5000 characters, one attempt.
- **Final** — in person in Moscow, with a creative task.

The dates of every stage and a countdown to the next event are on the [Stages](/olympiad/stages) page.

## Who can take part

School and college students who are at least 10 and not yet 19 years old on the day they register. Taking part is free. You need a working e-mail address: we send a letter to confirm it, and a test can only be started once it is confirmed.

## What participants get

Every participant sees their results for each stage and their place in the overall ranking. Winners and prize-winners of the final receive diplomas, and creative works are published in the olympiad gallery after moderation.

[Register](/olympiad/register) · [Rules](/olympiad/rules) · [Questions and answers](/olympiad/faq)`,
    },
  },
  faq: {
    ru: {
      title: 'Вопросы и ответы',
      body: `### Кто может участвовать?
Школьники и студенты колледжей, которым на дату регистрации исполнилось 10 лет и ещё не исполнилось 19. Если вам 10 лет исполняется сегодня — регистрироваться уже можно; если сегодня исполняется 19 — уже нельзя.

### Сколько стоит участие?
Участие во всех этапах олимпиады бесплатное.

### Нужно ли согласие родителей?
Да. Участники младше 18 лет регистрируются с согласия родителя или законного представителя. Отмечая согласие при регистрации, вы подтверждаете, что взрослый ознакомился с [пользовательским соглашением](/docs/user-agreement.pdf), [политикой конфиденциальности](/docs/privacy-policy.pdf) и [согласием на обработку персональных данных](/docs/personal-data-consent.pdf).

### Как зарегистрироваться?
Заполните [форму регистрации](/olympiad/register): логин, электронную почту, пароль, ФИО, дату рождения, пол, страну, город, место учёбы, категорию и источник, из которого вы узнали об олимпиаде. Ссылка на соцсеть — по желанию. После регистрации на почту придёт письмо со ссылкой для подтверждения адреса; ссылка действует 48 часов.

### Письмо с подтверждением не пришло. Что делать?
Проверьте папку «Спам» и правильность адреса в разделе «Личные данные» личного кабинета. Письмо можно запросить повторно через 30 секунд после предыдущего — кнопка с обратным отсчётом есть в баннере на страницах кабинета.

### Можно ли пройти этап несколько раз?
Тренировочный этап — сколько угодно раз и без ограничения времени. Первый и второй этапы проходятся один раз: начав тест, завершите его.

### Что будет, если во время теста пропадёт интернет?
Ответы сохраняются по мере прохождения. Время теста отсчитывает сервер, поэтому перезагрузка страницы или обрыв связи не сбивают таймер: откройте тест снова и продолжайте, пока время не вышло. Ответы после окончания времени не принимаются.

### Как считаются баллы?
За каждый этап вы видите число верных ответов, максимальный балл (число вопросов), процент, затраченное время и баллы за скорость. Баллы за скорость начисляются только за верные ответы: 10 × (верные / все) × (1 − затраченное время / лимит), с округлением до сотых; на тренировочном этапе они равны нулю.

### Как определяется место в рейтинге?
По сумме баллов, при равенстве — по баллам за скорость, затем по меньшему затраченному времени и, наконец, по более раннему завершению.

### Как отправить творческую работу?
В разделе «Мои работы» укажите название, описание и прикрепите файл: изображение PNG или JPEG до 10 МБ либо PDF до 5 МБ. Модерация занимает до 24 часов. Отклонённую работу можно исправить и отправить снова.

### Я забыл пароль. Как войти?
На странице [входа](/olympiad/login) нажмите «Забыли пароль?» и введите почту. Ссылка для смены пароля действует 60 минут и срабатывает один раз. Задав новый пароль, можно сразу завершить сеансы на всех устройствах.

### Как удалить аккаунт?
В личном кабинете откройте раздел «Удаление аккаунта» и подтвердите паролем. Личные данные будут удалены, а все сеансы завершены.`,
    },
    en: {
      title: 'Questions and answers',
      body: `### Who can take part?
School and college students who are at least 10 and not yet 19 years old on the day they register. If you turn 10 today, you can already register; if you turn 19 today, you no longer can.

### How much does it cost?
Every stage of the olympiad is free.

### Do I need my parents’ consent?
Yes. Participants under 18 register with the consent of a parent or legal guardian. By ticking the consent box you confirm that an adult has read the [user agreement](/docs/user-agreement.pdf), the [privacy policy](/docs/privacy-policy.pdf) and the [personal data consent](/docs/personal-data-consent.pdf).

### How do I register?
Fill in the [registration form](/olympiad/register): login, e-mail, password, full name, date of birth, sex, country, city, place of study, category and how you heard about the olympiad. A social network link is optional. After registering you receive a letter with a link that confirms your address; the link works for 48 hours.

### The confirmation letter did not arrive. What should I do?
Check your spam folder and the address under “Personal data” in your account. You can ask for the letter again 30 seconds after the previous one — the banner on the account pages has a button with a countdown.

### Can I take a stage more than once?
The training stage — as often as you like and without a time limit. The first and second stages can be taken once: once you start a test, finish it.

### What happens if my internet connection drops during a test?
Your answers are saved as you go. The time is kept by the server, so reloading the page or losing the connection does not reset the timer: open the test again and carry on until the time is up. Answers after the time is up are not accepted.

### How are points counted?
For every stage you see the number of correct answers, the maximum score (the number of questions), the percentage, the time spent and the points for speed. Speed points are given only for correct answers: 10 × (correct / total) × (1 − time spent / time limit), rounded to hundredths; in the training stage they are zero.

### How is my place in the ranking decided?
By total points; on a tie, by speed points, then by less time spent and finally by the earlier finish.

### How do I submit a creative work?
In “My works”, give a title and a description and attach a file: a PNG or JPEG image of up to 10 MB or a PDF of up to 5 MB. Moderation takes up to 24 hours. A rejected work can be corrected and submitted again.

### I forgot my password. How do I sign in?
On the [sign-in page](/olympiad/login) choose “Forgot your password?” and enter your e-mail. The link for a new password works for 60 minutes and only once. When you set the new password, you can also end your sessions on all devices.

### How do I delete my account?
Open “Delete account” in your personal account and confirm with your password. Your personal data is removed and all your sessions end.`,
    },
  },
  rules: {
    ru: {
      title: 'Правила олимпиады',
      body: `## 1. Участники

- В олимпиаде участвуют школьники и студенты колледжей в возрасте от 10 до 18 лет на дату регистрации.
- Участники младше 18 лет регистрируются с согласия родителя или законного представителя.
- Один человек — один аккаунт. Данные при регистрации указываются достоверно.
- В логине, ФИО, названиях города, страны и места учёбы запрещена нецензурная лексика.

## 2. Этапы

- **Тренировочный этап.** Без ограничения времени, количество попыток не ограничено. Этап нужен, чтобы познакомиться с форматом заданий; его результаты не учитываются при определении победителей.
- **Первый этап.** Онлайн-тест продолжительностью 25 минут, одна попытка.
- **Второй этап.** Онлайн-тест продолжительностью 30 минут и эссе на 45 минут объёмом не более 5000 знаков, одна попытка.
- **Финал.** Проводится очно в Москве и включает творческое задание. Результаты финала вносит жюри.

Начать тест можно только после подтверждения адреса электронной почты.

## 3. Прохождение теста

- Время отсчитывается сервером с момента начала теста. Когда время истекает, тест завершается автоматически, а данные ответы засчитываются.
- Вопрос можно пропустить и вернуться к нему, пока время не вышло; тест можно завершить досрочно.
- Ответы сохраняются по мере прохождения; перезагрузка страницы или обрыв связи не сбрасывают ни ответы, ни таймер.
- Типы вопросов: один верный ответ, несколько верных ответов, перетаскивание, открытый или закрытый текстовый ответ, эссе. Варианты ответов обозначаются буквами от A до J.

## 4. Результаты и рейтинг

- Результат попытки: число верных ответов, максимальный балл (число вопросов), процент, затраченное время и баллы за скорость.
- Баллы за скорость: 10 × (верные / все) × (1 − затраченное время / лимит), с округлением до сотых; на тренировочном этапе — 0.
- Место в рейтинге определяется по сумме баллов, затем по баллам за скорость, затем по меньшему затраченному времени и по более раннему завершению.

## 5. Творческие конкурсы

- Работа включает название, описание и файл: изображение PNG, JPEG или JPG до 10 МБ либо PDF до 5 МБ.
- Модерация занимает до 24 часов. Одобренная работа публикуется в галерее; отклонённую можно исправить и отправить повторно.

## 6. Честная игра

Задания выполняются самостоятельно. Использование чужих работ, помощь других лиц и регистрация нескольких аккаунтов ведут к аннулированию результатов.`,
    },
    en: {
      title: 'Olympiad rules',
      body: `## 1. Participants

- School and college students aged 10 to 18 on the day they register may take part.
- Participants under 18 register with the consent of a parent or legal guardian.
- One person, one account. Registration data must be true.
- Swear words are prohibited in the login, full name, city, country and place of study.

## 2. Stages

- **Training stage.** No time limit and unlimited attempts. It is there to get to know the format of the tasks; its results do not count when the winners are decided.
- **First stage.** An online test of 25 minutes, one attempt.
- **Second stage.** An online test of 30 minutes and a 45-minute essay of at most 5000 characters, one attempt.
- **Final.** Held in person in Moscow and includes a creative task. The jury enters the results of the final.

A test can only be started once the e-mail address is confirmed.

## 3. Taking a test

- The server counts the time from the moment the test starts. When the time is up, the test ends by itself and the answers given count.
- A question can be skipped and answered later while time remains; a test can be finished early.
- Answers are saved as you go; reloading the page or losing the connection resets neither the answers nor the timer.
- Question types: single choice, multiple choice, drag and drop, open or closed text answer, essay. Answer options are lettered A to J.

## 4. Results and ranking

- The result of an attempt: correct answers, maximum score (the number of questions), percentage, time spent and points for speed.
- Speed points: 10 × (correct / total) × (1 − time spent / time limit), rounded to hundredths; 0 in the training stage.
- Places in the ranking go by total points, then speed points, then less time spent, then the earlier finish.

## 5. Creative contests

- A work has a title, a description and a file: a PNG, JPEG or JPG image of up to 10 MB or a PDF of up to 5 MB.
- Moderation takes up to 24 hours. An approved work is published in the gallery; a rejected one can be corrected and submitted again.

## 6. Fair play

Tasks are done on your own. Using other people’s work, help from others or several accounts cancels the results.`,
    },
  },
  about: {
    ru: {
      title: 'Об олимпиаде',
      body: `Олимпиаду «Базар» проводит ООО «Базар» — компания, которая развивает одноимённый онлайн-маркетплейс. Мы хотим, чтобы сильные задания и честное соревнование были доступны школьникам из любого города, а не только тем, кто живёт рядом с университетами.

## Чем мы занимаемся

Составляем задания этапов вместе с учителями и преподавателями вузов, проверяем эссе и творческие работы, проводим очный финал в Москве. Все этапы, кроме финала, проходят онлайн: нужен только компьютер или телефон с браузером.

## Контакты

- Электронная почта: support@example.com
- Телефон: +7 (800) 000-00-00, ежедневно с 9:00 до 21:00 по московскому времени
- Адрес: 101000, Москва, ул. Примерная, д. 1, офис 1

## Документы

- [Пользовательское соглашение (PDF)](/docs/user-agreement.pdf)
- [Политика конфиденциальности (PDF)](/docs/privacy-policy.pdf)
- [Согласие на обработку персональных данных (PDF)](/docs/personal-data-consent.pdf)`,
    },
    en: {
      title: 'About the olympiad',
      body: `The Bazaar Olympiad is run by Bazaar LLC, the company behind the Bazaar online marketplace. We want strong tasks and a fair competition to be open to school students from any town, not only to those who live near a university.

## What we do

We write the tasks of the stages together with school teachers and university lecturers, review the essays and creative works, and hold the final in person in Moscow. Every stage except the final takes place online: all you need is a computer or a phone with a browser.

## Contacts

- E-mail: support@example.com
- Phone: +7 (800) 000-00-00, daily from 9:00 to 21:00 Moscow time
- Address: office 1, 1 Primernaya St., Moscow, 101000, Russia

## Documents

- [User agreement (PDF)](/docs/user-agreement.pdf)
- [Privacy policy (PDF)](/docs/privacy-policy.pdf)
- [Personal data consent (PDF)](/docs/personal-data-consent.pdf)`,
    },
  },
  stages: {
    ru: {
      title: 'Этапы олимпиады',
      body: `Олимпиада проходит в четыре этапа: тренировочный, первый, второй и финал. Даты и время указаны по Москве. Когда этап идёт, счётчик показывает, сколько осталось до его окончания; между этапами — сколько осталось до начала следующего.

Чтобы пройти тест любого этапа, [зарегистрируйтесь](/olympiad/register) и подтвердите адрес электронной почты.`,
    },
    en: {
      title: 'Olympiad stages',
      body: `The olympiad has four stages: training, first, second and the final. Dates and times are Moscow time. While a stage is running, the counter shows the time left until it ends; between stages, the time left until the next one starts.

To take the test of any stage, [register](/olympiad/register) and confirm your e-mail address.`,
    },
  },
};
