export default definePageConfig({ navigationBarTitleText: '两性学堂', navigationStyle: 'custom', enableShareAppMessage: true, enableShareTimeline: true })
