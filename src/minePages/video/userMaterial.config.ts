export default definePageConfig({ navigationBarTitleText: '创作者主页', navigationStyle: 'custom', enableShareAppMessage: true, enableShareTimeline: true })
